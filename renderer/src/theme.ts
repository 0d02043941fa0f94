// Light and dark: the system preference, unless the user picked one with the toggle. Only this
// choice is kept in localStorage (nothing secret ever is).

import { useEffect, useState } from "react";

export type Theme = "light" | "dark";
const KEY = "svc-emulator.theme";

function stored(): Theme | undefined {
  const t = localStorage.getItem(KEY);
  return t === "light" || t === "dark" ? t : undefined;
}

const system = (): Theme => (window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");

export function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(() => stored() ?? system());
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const toggle = () =>
    setTheme((t) => {
      const next = t === "dark" ? "light" : "dark";
      localStorage.setItem(KEY, next);
      return next;
    });
  return [theme, toggle];
}
