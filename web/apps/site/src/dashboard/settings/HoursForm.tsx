import { useState } from 'react';
import { api } from '../../api/client';
import type { Business } from '../../api/types';
import { fromDrafts, toDrafts } from './periods';
import { PeriodsEditor } from './PeriodsEditor';
import { SettingsForm } from './SettingsForm';

/** "Horario": the salon's opening periods, several a day. */
export function HoursForm({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (b: Business) => void;
}) {
  const [drafts, setDrafts] = useState(() => toDrafts(business.hours));
  return (
    <SettingsForm
      title="Horario del salón"
      onSave={async () => {
        const periods = fromDrafts(drafts);
        if (typeof periods === 'string') return periods;
        const { item } = await api.put('/api/business/hours', { body: { periods } });
        onSaved(item);
      }}
    >
      <PeriodsEditor label="Tramos de cada día" value={drafts} onChange={setDrafts} />
    </SettingsForm>
  );
}
