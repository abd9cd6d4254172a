/**
 * The site's header: the business's mark (its logo, else its initials) and name back to the
 * landing page, the signed-in person's own page (staff: the dashboard; clientes: their citas) and
 * the way in or out.
 */
import { useAuth } from '../auth/AuthContext';
import { isStaff } from '../auth/roles';
import { BrandMark } from './BrandMark';
import { useBusiness } from './business';
import { Link, navigate } from './router';
import { useToast } from './toast';

export function Header({ path }: { path: string }) {
  const { user, loading, signOut } = useAuth();
  const { business, loading: businessLoading } = useBusiness();
  const { error } = useToast();

  async function leave() {
    try {
      await signOut();
      navigate('/');
    } catch (cause) {
      error(cause, 'No se pudo cerrar la sesión');
    }
  }

  const ownPage =
    user && isStaff(user.role)
      ? { to: '/dashboard', label: 'Panel' }
      : { to: '/mis-citas', label: 'Mis citas' };
  const current = (to: string) =>
    path === to || path.startsWith(`${to}/`) ? ('page' as const) : undefined;

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-brand">
          {business ? (
            <BrandMark name={business.name} logoUrl={business.logoUrl} />
          ) : (
            // The mark's room while the business loads, so the name does not move when it comes.
            businessLoading && <span className="brand-mark skeleton-shape" aria-hidden="true" />
          )}
          {business?.name ?? 'Inicio'}
        </Link>
        <nav aria-label="Principal" className="site-nav">
          {loading ? null : user ? (
            <>
              <Link to={ownPage.to} aria-current={current(ownPage.to)}>
                {ownPage.label}
              </Link>
              <span className="site-user">{user.firstName}</span>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void leave()}
              >
                Salir
              </button>
            </>
          ) : (
            <>
              <Link to="/entrar" aria-current={current('/entrar')}>
                Entrar
              </Link>
              <Link
                to="/registro"
                className="button button-primary"
                aria-current={current('/registro')}
              >
                Crear cuenta
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
