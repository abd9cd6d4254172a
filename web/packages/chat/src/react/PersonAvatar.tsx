import { useState } from 'react';
import type { ChatPerson } from '../core/presence';

/**
 * A member of the team's face, decorative (their name is always written beside it): their
 * picture when they have one and it loads, else the first letter of their name.
 */
export function PersonAvatar({
  person,
  size = 'large',
}: {
  person: ChatPerson;
  size?: 'large' | 'small';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = person.picture !== failed ? person.picture : undefined;
  return (
    <span className={`chat-person-avatar chat-person-avatar-${size}`} aria-hidden="true">
      {picture ? (
        <img
          src={picture}
          alt=""
          onError={() => {
            setFailed(picture);
          }}
        />
      ) : (
        (Array.from(person.name)[0] ?? '').toLocaleUpperCase()
      )}
    </span>
  );
}
