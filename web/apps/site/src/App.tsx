/**
 * The site: the providers every page shares (toasts, the query cache, session, tooltips, the
 * business, the chat) and the shell around the page the path names (REQUIREMENTS S5).
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { ApiProvider } from './api/queries';
import { AuthProvider } from './auth/AuthContext';
import { SiteChat } from './chat/SiteChat';
import { Landing } from './pages/Landing';
import { ManageCita, manageToken } from './pages/ManageCita';
import { MyAppointments } from './pages/MyAppointments';
import { NotFound } from './pages/NotFound';
import { ReviewPage, reviewToken } from './pages/review/ReviewPage';
import { SignIn } from './pages/SignIn';
import { SignUp } from './pages/SignUp';
import { BusinessProvider } from './shell/business';
import { Footer } from './shell/Footer';
import { Header } from './shell/Header';
import { usePath } from './shell/router';
import { usePageTitle } from './shell/usePageTitle';
import { Skeleton } from './shell/Skeleton';
import { isDashboardPath, useDocumentTheme } from './shell/theme';
import { ToastProvider } from './shell/toast';
import { TooltipProvider } from './shell/Tooltip';

// Staff-only and the largest part of the site: loaded when someone opens it.
const Dashboard = lazy(() =>
  import('./dashboard/index').then((module) => ({ default: module.Dashboard })),
);

export function App() {
  return (
    // The cache's failures are toasts, and a change of account empties the cache.
    <ToastProvider>
      <ApiProvider>
        <AuthProvider>
          <TooltipProvider>
            <BusinessProvider>
              <SiteChat>
                <Shell />
              </SiteChat>
            </BusinessProvider>
          </TooltipProvider>
        </AuthProvider>
      </ApiProvider>
    </ToastProvider>
  );
}

function Shell() {
  const path = usePath();
  useDocumentTheme(path);
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(path);

  // After a client-side navigation, start reading (and tabbing) at the new page, as a page
  // load would.
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    main.current?.focus();
  }, [path]);

  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <Header path={path} />
      <main id="contenido" ref={main} tabIndex={-1} className="site-main">
        <Page path={path} />
      </main>
      {!isDashboardPath(path) && <Footer />}
    </>
  );
}

function Page({ path }: { path: string }) {
  if (isDashboardPath(path)) return <DashboardPage path={path} />;
  const token = manageToken(path);
  // A new link is another cita: nothing of the last one's page carries over.
  if (token !== null) return <ManageCita key={token} token={token} />;
  const review = reviewToken(path);
  if (review !== null) return <ReviewPage key={review} token={review} />;
  switch (path) {
    case '/':
      return <Landing />;
    case '/registro':
      return <SignUp />;
    case '/entrar':
      return <SignIn />;
    case '/mis-citas':
      return <MyAppointments />;
    default:
      return <NotFound />;
  }
}

function DashboardPage({ path }: { path: string }) {
  usePageTitle('Panel');
  return (
    <Suspense fallback={<Skeleton variant="heading" />}>
      <Dashboard path={path} />
    </Suspense>
  );
}
