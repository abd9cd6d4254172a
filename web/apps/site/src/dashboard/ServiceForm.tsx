import { useState } from 'react';
import { api } from '../api/client';
import type { Service } from '../api/types';
import { Field } from '../shell/Field';
import { TextField } from '../shell/TextField';
import { useToast } from '../shell/toast';
import { FormPanel } from './FormPanel';
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
  const [draft, setDraft] = useState<ServiceDraft>(() => draftOf(service));
  const [errors, setErrors] = useState<ServiceErrors>({});
  const title = service ? `Editar ${service.name}` : 'Nuevo servicio';

  function change<K extends keyof ServiceDraft>(key: K, value: ServiceDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
  }

  async function save(): Promise<undefined> {
    const checked = validateService(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const { item } = service
      ? await api.patch('/api/services/{id}', {
          params: { id: service.id },
          body: checked.fields,
        })
      : await api.post('/api/services', { body: checked.fields });
    toast({ title: service ? 'Servicio guardado' : 'Servicio creado', description: item.name });
    onSaved(item);
  }

  return (
    <FormPanel title={title} submitLabel="Guardar" onSubmit={save} onClose={onClose}>
      <div className="dash-grid">
        <TextField
          label="Nombre"
          error={errors.name}
          value={draft.name}
          maxLength={NAME_MAX}
          onChange={(text) => {
            change('name', text);
          }}
        />
        <TextField
          label="Duración (minutos)"
          error={errors.durationMin}
          type="number"
          inputMode="numeric"
          min={5}
          max={480}
          value={draft.durationMin}
          onChange={(text) => {
            change('durationMin', text);
          }}
        />
        <TextField
          label="Precio (€)"
          error={errors.price}
          inputMode="decimal"
          value={draft.price}
          onChange={(text) => {
            change('price', text);
          }}
        />
      </div>
      <Field label="Descripción" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
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
    </FormPanel>
  );
}
