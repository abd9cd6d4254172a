import { useState, type SubmitEvent } from 'react';
import { apiFetch, errorMessage } from '../api/http';
import type { ItemResponse, Service } from '../api/types';
import { useToast } from '../shell/toast';
import { useFocusOnMount } from './useFocusOnMount';
import { Field } from './Field';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  draftOf,
  validateService,
  type ServiceDraft,
  type ServiceErrors,
} from './serviceDraft';

interface ServiceFormProps {
  /** The service to edit; none creates a new one. */
  service?: Service;
  onSaved: (service: Service) => void;
  onClose: () => void;
}

/** Creates or edits a service (administrador); limits are checked before sending. */
export function ServiceForm({ service, onSaved, onClose }: ServiceFormProps) {
  const { toast } = useToast();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [draft, setDraft] = useState<ServiceDraft>(() => draftOf(service));
  const [errors, setErrors] = useState<ServiceErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const title = service ? `Editar ${service.name}` : 'Nuevo servicio';

  function change<K extends keyof ServiceDraft>(key: K, value: ServiceDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateService(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setProblem(null);
    setSending(true);
    try {
      const { item } = await apiFetch<ItemResponse<Service>>(
        service ? `/api/services/${encodeURIComponent(service.id)}` : '/api/services',
        { method: service ? 'PATCH' : 'POST', body: checked.fields },
      );
      toast({ title: service ? 'Servicio guardado' : 'Servicio creado', description: item.name });
      onSaved(item);
    } catch (cause) {
      setProblem(errorMessage(cause));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="dash-panel" aria-label={title} noValidate onSubmit={(e) => void submit(e)}>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <div className="dash-grid">
        <Field label="Nombre" error={errors.name}>
          {(props) => (
            <input
              {...props}
              value={draft.name}
              maxLength={NAME_MAX}
              onChange={(event) => {
                change('name', event.target.value);
              }}
            />
          )}
        </Field>
        <Field label="Duración (minutos)" error={errors.durationMin}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={5}
              max={480}
              value={draft.durationMin}
              onChange={(event) => {
                change('durationMin', event.target.value);
              }}
            />
          )}
        </Field>
        <Field label="Precio (€)" error={errors.price}>
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              value={draft.price}
              onChange={(event) => {
                change('price', event.target.value);
              }}
            />
          )}
        </Field>
      </div>
      <Field label="Descripción" error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={draft.description}
            onChange={(event) => {
              change('description', event.target.value);
            }}
          />
        )}
      </Field>
      <label className="dash-choice">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => {
            change('active', event.target.checked);
          }}
        />
        Activo (se ofrece en el chat)
      </label>
      {problem !== null && (
        <p className="dash-error" role="alert">
          {problem}
        </p>
      )}
      <div className="dash-actions">
        <button type="button" className="dash-button" onClick={onClose}>
          Cerrar
        </button>
        <button type="submit" className="dash-button dash-button-primary" disabled={sending}>
          Guardar
        </button>
      </div>
    </form>
  );
}
