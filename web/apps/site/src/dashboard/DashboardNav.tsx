import { useEffect, useRef } from 'react';
import { Link } from '../shell/router';

export type SectionId =
  | 'agenda'
  | 'servicios'
  | 'equipo'
  | 'clientes'
  | 'conversaciones'
  | 'opiniones'
  | 'estadisticas'
  | 'correos'
  | 'ajustes'
  | 'desconocida';

const SECTIONS: {
  id: Exclude<SectionId, 'desconocida'>;
  label: string;
  path: string;
  /** Shown in the nav to administradores only (the server refuses the rest). */
  adminOnly?: boolean;
}[] = [
  { id: 'agenda', label: 'Agenda', path: '/dashboard' },
  { id: 'servicios', label: 'Servicios', path: '/dashboard/servicios' },
  { id: 'equipo', label: 'Equipo', path: '/dashboard/equipo' },
  { id: 'clientes', label: 'Clientes', path: '/dashboard/clientes' },
  { id: 'conversaciones', label: 'Conversaciones', path: '/dashboard/conversaciones' },
  { id: 'opiniones', label: 'Opiniones', path: '/dashboard/opiniones' },
  { id: 'estadisticas', label: 'Estadísticas', path: '/dashboard/estadisticas' },
  { id: 'correos', label: 'Correos', path: '/dashboard/correos', adminOnly: true },
  { id: 'ajustes', label: 'Ajustes', path: '/dashboard/ajustes' },
];

/**
 * Which section a `/dashboard…` path shows; a conversation's path also names its session, a
 * client's page its client.
 */
export function sectionOf(path: string): { id: SectionId; sessionId?: string; clientId?: string } {
  const parts = path.split('/').filter((part) => part !== '');
  const [, name, sessionId, ...rest] = parts;
  if (rest.length > 0) return { id: 'desconocida' };
  if (name === undefined) return { id: 'agenda' };
  if (name === 'conversaciones' && sessionId !== undefined) {
    return { id: 'conversaciones', sessionId: decodeURIComponent(sessionId) };
  }
  if (name === 'clientes' && sessionId !== undefined) {
    return { id: 'clientes', clientId: decodeURIComponent(sessionId) };
  }
  const section = SECTIONS.find((candidate) => candidate.id === name && candidate.id !== 'agenda');
  return section && sessionId === undefined ? { id: section.id } : { id: 'desconocida' };
}

/**
 * The dashboard's own nav; on a phone it scrolls sideways instead of taking the screen.
 * `waiting` (visitors waiting for a person) shows on "Conversaciones" when there are any; the
 * administradores' own sections show to them only.
 */
export function DashboardNav({
  current,
  waiting,
  isAdmin = false,
}: {
  current: SectionId;
  waiting?: number;
  isAdmin?: boolean;
}) {
  const list = useRef<HTMLUListElement>(null);
  // On a phone the later sections start off-screen: centre the current one in the strip.
  useEffect(() => {
    const strip = list.current;
    const item = strip?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement;
    if (!strip || !item) return;
    strip.scrollLeft = item.offsetLeft - (strip.clientWidth - item.offsetWidth) / 2;
  }, [current]);
  return (
    <nav className="dash-nav" aria-label="Secciones del panel">
      <ul ref={list}>
        {SECTIONS.filter((section) => isAdmin || !section.adminOnly).map((section) => (
          <li key={section.id}>
            <Link
              to={section.path}
              className="dash-nav-link"
              aria-current={section.id === current ? 'page' : undefined}
            >
              {section.label}
              {section.id === 'conversaciones' && waiting !== undefined && waiting > 0 && (
                <>
                  {' '}
                  <span className="dash-nav-count" aria-hidden="true">
                    {waiting}
                  </span>
                  <span className="visually-hidden">
                    {waiting === 1
                      ? ' (1 persona espera respuesta)'
                      : ` (${waiting} personas esperan respuesta)`}
                  </span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Says, politely, when a visitor starts waiting for a person (screen readers hear it). */
export function WaitingAnnouncer({ waiting }: { waiting: number | undefined }) {
  return (
    <p className="visually-hidden" role="status">
      {waiting === undefined || waiting === 0
        ? ''
        : waiting === 1
          ? 'Una persona espera respuesta en el chat.'
          : `${waiting} personas esperan respuesta en el chat.`}
    </p>
  );
}
