import { useState } from 'react';
import { api } from '../api/client';
import type { Appointment, StaffMember } from '../api/types';
import { useResource, useServices } from '../api/queries';
import { Field } from '../shell/Field';
import { formatDate, formatTime } from '../shell/format';
import { TextField } from '../shell/TextField';
import { useToast } from '../shell/toast';
import { ClientPicker, type ClientChoice } from './ClientPicker';
import { FormPanel } from './FormPanel';
import { StaffSelect } from './StaffSelect';
import { StatusSelect } from './StatusSelect';

interface NewAppointmentFormProps {
  id: string;
  staff: StaffMember[];
  defaultDate: string;
  /** Prefilled by a click on an empty cell of the diary. */
  defaultStaffId?: string;
  defaultStartMin?: number;
  onCreated: (appointment: Appointment) => void;
  onClose: () => void;
}

/** The statuses staff may give a new cita, the usual one first. */
const NEW_STATUSES = ['confirmada', 'pendiente'] as const;
type NewStatus = (typeof NEW_STATUSES)[number];

/** The request body of `POST /api/appointments`. */
interface NewAppointmentBody {
  staffId: string;
  clientId?: string;
  client?: { name: string; email?: string; phone?: string };
  date: string;
  startMin: number;
  serviceIds: string[];
  status: NewStatus;
}

/**
 * "Nueva cita" (D2): services, day and staff member first, then the free times the server
 * offers for them, then the client. Problems found before sending and the server's own
 * refusals are both shown in the form, next to the button; a warning that came with the cita
 * (a visitor's hold in the chat released) is a warning toast after "Cita creada".
 */
export function NewAppointmentForm({
  id,
  staff,
  defaultDate,
  defaultStaffId = '',
  defaultStartMin,
  onCreated,
  onClose,
}: NewAppointmentFormProps) {
  const { toast, warning: showWarning } = useToast();
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [date, setDate] = useState(defaultDate);
  const [staffId, setStaffId] = useState(defaultStaffId);
  const [start, setStart] = useState(defaultStartMin === undefined ? '' : String(defaultStartMin));
  const [client, setClient] = useState<ClientChoice>({ kind: 'existing', clientId: null });
  const [status, setStatus] = useState<NewStatus>('confirmada');

  const services = useServices();
  const availability = useResource(
    serviceIds.length > 0 && date !== '' ? '/api/availability' : null,
    { query: { date, serviceIds: serviceIds.join(','), staffId: staffId || undefined } },
  );
  // A time picked for other services, day or staff member is not on offer any more.
  const startOffer = availability.data?.items.find((each) => String(each.startMin) === start);

  function toggleService(serviceId: string, checked: boolean) {
    setServiceIds((current) =>
      checked ? [...current, serviceId] : current.filter((each) => each !== serviceId),
    );
  }

  /** What the time select says before a time is picked. */
  function timePrompt(): string {
    if (serviceIds.length === 0) return 'Elige antes los servicios';
    if (availability.loading) return 'Buscando horas libres…';
    if (availability.data?.items.length === 0) return 'No hay horas libres';
    return 'Elige una hora';
  }

  function buildBody(): NewAppointmentBody | string {
    if (serviceIds.length === 0) return 'Elige al menos un servicio.';
    if (startOffer === undefined) return 'Elige una hora libre.';
    // "Cualquiera" takes the first staff member the server says is free then.
    const chosenStaff = staffId || startOffer.staffIds[0];
    if (chosenStaff === undefined) return 'Elige una hora libre.';
    const body = { staffId: chosenStaff, date, startMin: startOffer.startMin, serviceIds, status };
    if (client.kind === 'existing') {
      if (client.clientId === null) return 'Busca y elige un cliente, o crea uno nuevo.';
      return { ...body, clientId: client.clientId };
    }
    const name = client.name.trim();
    if (name === '') return 'Escribe el nombre del cliente.';
    const email = client.email.trim();
    const phone = client.phone.trim();
    return {
      ...body,
      client: { name, ...(email && { email }), ...(phone && { phone }) },
    };
  }

  async function create(): Promise<string | undefined> {
    const body = buildBody();
    if (typeof body === 'string') return body;
    const { item, warning } = await api.post('/api/appointments', { body });
    toast({ title: 'Cita creada', description: `${item.clientName}, ${formatDate(item.date)}` });
    // The time was free for staff, but a visitor was holding it in the chat: said after the success.
    if (warning) showWarning(warning);
    onCreated(item);
  }

  const activeServices = services.data?.items.filter((service) => service.active) ?? [];
  return (
    <FormPanel
      id={id}
      title="Nueva cita"
      submitLabel="Crear cita"
      onSubmit={create}
      onClose={onClose}
    >
      <fieldset className="dash-fieldset">
        <legend>Servicios</legend>
        {activeServices.map((service) => (
          <label key={service.id} className="dash-choice">
            <input
              type="checkbox"
              checked={serviceIds.includes(service.id)}
              onChange={(event) => {
                toggleService(service.id, event.target.checked);
              }}
            />
            {service.name} <span className="muted">({service.durationMin} min)</span>
          </label>
        ))}
      </fieldset>
      <div className="dash-grid">
        <TextField label="Día" type="date" value={date} required onChange={setDate} />
        <StaffSelect staff={staff} value={staffId} onChange={setStaffId} anyLabel="Cualquiera" />
        <Field label="Hora">
          {(control) => (
            <select
              {...control}
              value={startOffer ? start : ''}
              disabled={availability.data === undefined}
              onChange={(event) => {
                setStart(event.target.value);
              }}
            >
              <option value="">{timePrompt()}</option>
              {availability.data?.items.map((each) => (
                <option key={each.startMin} value={each.startMin}>
                  {formatTime(each.startMin)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <StatusSelect statuses={NEW_STATUSES} value={status} onChange={setStatus} />
      </div>
      <ClientPicker value={client} onChange={setClient} />
    </FormPanel>
  );
}
