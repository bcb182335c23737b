'use client';

import { useEffect, useState } from 'react';
import { Button } from './kit/Button';

type Theme = 'system' | 'light' | 'dark';
const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const KEY = 'loupe.theme';

function apply(theme: Theme): void {
  const cl = document.documentElement.classList;
  cl.remove('light', 'dark');
  if (theme !== 'system') cl.add(theme);
}

/** Follows the system by default; the button cycles system → light → dark. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => {
    const saved = localStorage.getItem(KEY);
    const t: Theme = saved === 'light' || saved === 'dark' ? saved : 'system';
    setTheme(t);
    apply(t);
  }, []);
  return (
    <Button
      variant="quiet"
      size="compact"
      aria-label={`Theme: ${theme}`}
      title={`Theme: ${theme} (click to change)`}
      onClick={() => {
        const t = NEXT[theme];
        setTheme(t);
        localStorage.setItem(KEY, t);
        apply(t);
      }}
      className="text-[12px]"
    >
      {theme === 'system' ? '◐' : theme === 'light' ? '☀' : '☾'} {theme}
    </Button>
  );
}
