import { Link } from '../shell/router';
import { usePageTitle } from '../shell/usePageTitle';

/** Any path the site does not have. */
export function NotFound() {
  usePageTitle('Página no encontrada');
  return (
    <div className="page narrow">
      <h1>Página no encontrada</h1>
      <p>La dirección que has abierto no existe o ha cambiado.</p>
      <Link to="/" className="button button-primary">
        Volver al inicio
      </Link>
    </div>
  );
}
