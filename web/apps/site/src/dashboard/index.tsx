/**
 * The staff dashboard (REQUIREMENTS §6): every path under `/dashboard`. It checks who is signed in
 * (D1: staff only; a cliente is sent to their own citas), takes the business's time zone from
 * the shell, and shows the section the path names under a shared nav. The server checks roles too;
 * its 403 reaches the person as an error toast from the section that asked.
 */
import { useAuth } from '../auth/AuthContext';
import { useBusiness } from '../shell/business';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { AccessNotice } from './AccessNotice';
import { Agenda } from './Agenda';
import { ClientPage } from './ClientPage';
import { Clients } from './Clients';
import { ConversationDetail } from './ConversationDetail';
import { Conversations } from './Conversations';
import { DashboardNav, WaitingAnnouncer, sectionOf } from './DashboardNav';
import { DashboardSection } from './DashboardSection';
import { Mail } from './mail/Mail';
import { Reviews } from './reviews/Reviews';
import { Services } from './Services';
import { Settings } from './settings/Settings';
import { Stats } from './Stats';
import { Team } from './Team';
import { useWaitingCount } from './useWaitingCount';
import './dashboard.css';

export function Dashboard({ path }: { path: string }) {
  const { user, loading } = useAuth();

  if (loading) return <Skeleton variant="heading" />;
  if (user === null) {
    return <AccessNotice text="Inicia sesión para ver el panel." to="/entrar" label="Entrar" />;
  }
  if (user.role === 'cliente') {
    return (
      <AccessNotice
        text="El panel es para el personal del negocio. Tus citas están en tu propia página."
        to="/mis-citas"
        label="Ver mis citas"
      />
    );
  }
  return <StaffDashboard path={path} isAdmin={user.role === 'administrador'} />;
}

function StaffDashboard({ path, isAdmin }: { path: string; isAdmin: boolean }) {
  const { business, loading } = useBusiness();
  const section = sectionOf(path);
  const waiting = useWaitingCount();
  return (
    <div className="dash">
      <DashboardNav current={section.id} waiting={waiting} isAdmin={isAdmin} />
      <WaitingAnnouncer waiting={waiting} />
      <div className="dash-section">
        <SectionContent
          section={section}
          isAdmin={isAdmin}
          // undefined while loading, null when the business could not be read (toast shown)
          timeZone={loading ? undefined : (business?.timeZone ?? null)}
        />
      </div>
    </div>
  );
}

function SectionContent({
  section,
  isAdmin,
  timeZone,
}: {
  section: ReturnType<typeof sectionOf>;
  isAdmin: boolean;
  timeZone: string | null | undefined;
}) {
  // Services, staff and clients do not depend on the business's time zone.
  switch (section.id) {
    case 'servicios':
      return <Services isAdmin={isAdmin} />;
    case 'equipo':
      return <Team isAdmin={isAdmin} />;
    case 'clientes':
      if (section.clientId === undefined) return <Clients />;
      break;
    case 'ajustes':
      return <Settings isAdmin={isAdmin} />;
    case 'desconocida':
      return (
        <DashboardSection title="Sección no encontrada">
          <p>
            Esta sección del panel no existe. <Link to="/dashboard">Volver a la agenda</Link>.
          </p>
        </DashboardSection>
      );
  }
  if (timeZone === undefined) return <Skeleton variant="block" height="12rem" />;
  if (timeZone === null) {
    return <p role="alert">No se pudieron leer los datos del negocio. Recarga la página.</p>;
  }
  switch (section.id) {
    case 'agenda':
      return <Agenda timeZone={timeZone} />;
    case 'conversaciones':
      return section.sessionId === undefined ? (
        <Conversations timeZone={timeZone} />
      ) : (
        <ConversationDetail sessionId={section.sessionId} timeZone={timeZone} />
      );
    case 'opiniones':
      return <Reviews timeZone={timeZone} />;
    case 'estadisticas':
      return <Stats timeZone={timeZone} />;
    case 'correos':
      return isAdmin ? (
        <Mail timeZone={timeZone} />
      ) : (
        <DashboardSection title="Correos">
          <p className="dash-empty">Solo los administradores pueden ver los correos.</p>
        </DashboardSection>
      );
    case 'clientes':
      return section.clientId === undefined ? null : (
        <ClientPage key={section.clientId} clientId={section.clientId} timeZone={timeZone} />
      );
  }
}
