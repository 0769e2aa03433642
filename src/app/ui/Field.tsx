// A labelled form field with its validation message underneath (linked by aria-describedby).
import { type InputHTMLAttributes, type ReactNode, useId } from "react";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | null;
  /** something placed after the input, e.g. a "send code" button */
  addon?: ReactNode;
}

export function Field({ label, error, addon, ...input }: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <p className="field-error" id={errId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
