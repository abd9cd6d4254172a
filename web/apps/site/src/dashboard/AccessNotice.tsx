import { Link } from '../shell/router';

/** What someone who may not use the dashboard sees instead, with where to go. */
export function AccessNotice({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <section className="dash-notice" aria-labelledby="dash-notice-title">
      <h1 id="dash-notice-title">Panel</h1>
      <p>{text}</p>
      <Link to={to} className="button button-primary">
        {label}
      </Link>
    </section>
  );
}
