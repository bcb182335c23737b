'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * A password form's field: its value, a ref for the input, and the form's submit (nothing is sent while the field is
 * empty). On a wrong password (`error`) the field is selected, so typing the right one replaces it; `focus` also
 * focuses it when there is no error (a prompt that appears inside a page, not a page of its own).
 */
export function usePasswordField(error: string | undefined, onSubmit: (password: string) => void, focus = false) {
  const [password, setPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) input.current?.select();
    else if (focus) input.current?.focus();
  }, [error, focus]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onSubmit(password);
  };
  return { password, setPassword, input, submit };
}
