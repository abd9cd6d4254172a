/**
 * Ajustes (issue 11): the salon's profile (with its logo and hero picture, issue 14), booking rules (with its mail settings, issue 13),
 * hours, closures and each stylist's schedule, services and time off, the citas the rules
 * no longer allow, and the integrations (API keys, connecting n8n). Administradores edit; the
 * rest of the staff read, all but the administradores' own tabs, which they do not see. Tabs
 * follow the WAI-ARIA pattern (arrow keys move between them); the chosen tab is kept in the
 * address (#horario) so a link can open it.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Business } from '../../api/types';
import { useInvalidate } from '../../api/queries';
import { Skeleton } from '../../shell/Skeleton';
import { DashboardSection } from '../DashboardSection';
import { ApiKeys } from './ApiKeys';
import { ConnectN8n } from './ConnectN8n';
import { DateRanges } from './DateRanges';
import { HoursForm } from './HoursForm';
import { MailForm } from './MailForm';
import { OutsideRules } from './OutsideRules';
import { PicturesForm } from './PicturesForm';
import { ProfileForm } from './ProfileForm';
import { RulesForm } from './RulesForm';
import { StaffSettings } from './StaffSettings';
import './settings.css';
import { useBusiness } from '../../shell/business';

const TABS = [
  { id: 'perfil', label: 'Perfil' },
  { id: 'reglas', label: 'Reglas de reserva' },
  { id: 'horario', label: 'Horario' },
  { id: 'cierres', label: 'Cierres y festivos' },
  { id: 'equipo', label: 'Equipo' },
  { id: 'fuera', label: 'Citas fuera de las reglas' },
  // Shown to administradores only (the server refuses the rest).
  { id: 'integraciones', label: 'Integraciones', adminOnly: true },
] as const;
type Tab = (typeof TABS)[number];
type TabId = Tab['id'];

/** The tabs someone sees: every one for an administrador, all but their own for the rest. */
function tabsFor(isAdmin: boolean): readonly Tab[] {
  return TABS.filter((tab) => isAdmin || !('adminOnly' in tab));
}

/** The tab the address names, when it is one of `tabs`; else the first. */
function tabFromHash(tabs: readonly Tab[]): TabId {
  const hash = window.location.hash.slice(1);
  return tabs.find((tab) => tab.id === hash)?.id ?? 'perfil';
}

export function Settings({ isAdmin }: { isAdmin: boolean }) {
  const visible = tabsFor(isAdmin);
  const [tab, setTab] = useState<TabId>(() => tabFromHash(visible));
  const business = useBusiness();
  const invalidate = useInvalidate();
  const tabs = useRef<HTMLDivElement>(null);

  function choose(id: TabId) {
    setTab(id);
    window.history.replaceState(window.history.state, '', `#${id}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = visible.findIndex((each) => each.id === tab);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: visible.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = visible[(target + visible.length) % visible.length];
    if (!next) return;
    choose(next.id);
    tabs.current?.querySelector<HTMLElement>(`#ajustes-tab-${next.id}`)?.focus();
  }

  const saved = (item: Business) => {
    // The whole site (the diary's hours, the header, the accent, the pictures) takes it at once.
    business.saved(item);
    // New hours or rules may leave other citas outside them.
    void invalidate('/api/business/outside-rules');
  };
  const current = business.business;

  return (
    <DashboardSection title="Ajustes">
      {!isAdmin && (
        <p className="dash-empty">
          Solo los administradores pueden cambiar los ajustes; aquí puedes consultarlos.
        </p>
      )}
      <div
        ref={tabs}
        className="settings-tabs"
        role="tablist"
        aria-label="Apartados de los ajustes"
        onKeyDown={onKeyDown}
      >
        {visible.map((each) => (
          <button
            key={each.id}
            id={`ajustes-tab-${each.id}`}
            type="button"
            role="tab"
            aria-selected={each.id === tab}
            aria-controls="ajustes-panel"
            tabIndex={each.id === tab ? 0 : -1}
            className="settings-tab"
            onClick={() => {
              choose(each.id);
            }}
          >
            {each.label}
          </button>
        ))}
      </div>
      <div
        id="ajustes-panel"
        role="tabpanel"
        aria-labelledby={`ajustes-tab-${tab}`}
        className="settings-panel"
      >
        {business.loading ? (
          <Skeleton variant="block" height="16rem" />
        ) : !current ? (
          <p className="dash-empty">No se pudieron leer los ajustes.</p>
        ) : (
          <fieldset className="settings-lock" disabled={!isAdmin}>
            <legend className="visually-hidden">
              {TABS.find((each) => each.id === tab)?.label}
            </legend>
            {tab === 'perfil' && (
              <>
                <PicturesForm business={current} onSaved={saved} />
                <ProfileForm business={current} onSaved={saved} />
              </>
            )}
            {tab === 'reglas' && (
              <>
                <RulesForm business={current} onSaved={saved} />
                <MailForm business={current} onSaved={saved} />
              </>
            )}
            {tab === 'horario' && <HoursForm business={current} onSaved={saved} />}
            {tab === 'cierres' && (
              <DateRanges
                title="Cierres y festivos"
                noun="Cierre"
                reasonHint="Navidad, vacaciones, fiesta local…"
                canEdit={isAdmin}
              />
            )}
            {tab === 'equipo' && <StaffSettings business={current} isAdmin={isAdmin} />}
            {tab === 'fuera' && <OutsideRules />}
            {tab === 'integraciones' && isAdmin && (
              <>
                <ApiKeys timeZone={current.timeZone} />
                <ConnectN8n />
              </>
            )}
          </fieldset>
        )}
      </div>
    </DashboardSection>
  );
}
