import { useCallback, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { prerenderedValue } from './prerendered-login';

/** Returns the message to show, or null when the value is valid. */
export type FieldRule = (value: string) => string | null;

export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  status?: 'error';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface LoginForm<Name extends string> {
  values: Record<Name, string>;
  errors: Partial<Record<Name, string>>;
  field(name: Name): FieldProps;
  /** Validates the given fields (all when omitted); true when they are valid. */
  validate(names?: readonly Name[]): boolean;
  onSubmit(handler: (values: Record<Name, string>) => void): (event: FormEvent<HTMLFormElement>) => void;
}

export function helpId(name: string): string {
  return `${name}_help`;
}

/**
 * The few fields of the login forms, validated like antd Form (on submit, then on every change).
 * antd Form would add ~40 KB gzip (field store, async-validator, tooltip) to the login bundle.
 */
export function useLoginForm<Name extends string>(rules: Record<Name, readonly FieldRule[]>): LoginForm<Name> {
  const names = Object.keys(rules) as Name[];
  // Starts from what was typed into the prerendered login form, if that is still on screen.
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, prerenderedValue(name)])) as Record<Name, string>);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [touched, setTouched] = useState(false);

  const check = useCallback(
    (name: Name, value: string): string | undefined => {
      for (const rule of rules[name]) {
        const message = rule(value);
        if (message) return message;
      }
      return undefined;
    },
    [rules],
  );

  const validate = (only: readonly Name[] = names): boolean => {
    const found: Partial<Record<Name, string>> = {};
    for (const name of only) {
      const message = check(name, values[name]);
      if (message) found[name] = message;
    }
    setErrors((current) => {
      const next: Partial<Record<Name, string>> = { ...current };
      for (const name of only) next[name] = found[name];
      return next;
    });
    return Object.keys(found).length === 0;
  };

  const field = (name: Name): FieldProps => {
    const error = errors[name];
    return {
      id: name,
      name,
      value: values[name],
      onChange: (event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        if (touched || error) setErrors((current) => ({ ...current, [name]: check(name, value) }));
      },
      ...(error ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': helpId(name) } : {}),
    };
  };

  const onSubmit = (handler: (submitted: Record<Name, string>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (validate()) handler(values);
  };

  return { values, errors, field, validate, onSubmit };
}

export function required(message: string): FieldRule {
  return (value) => (value.trim() === '' ? message : null);
}

export function matches(pattern: RegExp, message: string): FieldRule {
  return (value) => (value !== '' && !pattern.test(value) ? message : null);
}
