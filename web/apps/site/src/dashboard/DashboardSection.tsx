import { useId, type ReactNode } from 'react';

interface DashboardSectionProps {
  /** The section's `<h1>`, which also names its landmark. */
  title: ReactNode;
  /** A control beside the title, e.g. the button that opens the section's form. */
  action?: ReactNode;
  /** Something above the title, e.g. a link back to the list. */
  above?: ReactNode;
  children?: ReactNode;
}

/** One section of the dashboard: a region named by its title, the content below. */
export function DashboardSection({ title, action, above, children }: DashboardSectionProps) {
  const titleId = useId();
  return (
    <section className="dash-page" aria-labelledby={titleId}>
      {above}
      <div className="dash-page-head">
        <h1 id={titleId}>{title}</h1>
        {action}
      </div>
      {children}
    </section>
  );
}
