/** A `Field` whose control is a text-like `<input>` holding a string, the most common case. */
import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id'
> {
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}

export function TextField({ label, hint, error, onChange, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...input}
          {...control}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </Field>
  );
}
