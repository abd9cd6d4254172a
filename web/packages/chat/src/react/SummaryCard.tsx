import type { ChatCard } from '../core/messages';
import { Choices, type Choose } from './Choices';
import { Markdown } from './Markdown';

export interface SummaryCardProps {
  card: ChatCard;
  /** How an action sends its value; without it (an older message) the actions are not shown. */
  choose?: Choose;
}

/**
 * A bot reply's summary card, drawn inside its bubble in place of the text: the lead (markdown,
 * through the widget's safe renderer), the title as a heading, the rows as a description list
 * (read in order: label, value) and the actions, the first one filled. The card stays on older
 * messages as a record of what was proposed; only its actions go.
 */
export function SummaryCard({ card, choose }: SummaryCardProps) {
  return (
    <>
      {card.lead !== undefined && <Markdown source={card.lead} />}
      <h3 className="chat-card-title">{card.title}</h3>
      {card.rows.length > 0 && (
        <dl className="chat-card-rows">
          {card.rows.map(({ label, value }, index) => (
            <div key={index}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {choose && card.actions.length > 0 && (
        <Choices
          className="chat-card-actions"
          label={card.title}
          choices={card.actions}
          choose={choose}
          primaryFirst
        />
      )}
    </>
  );
}
