// Whether a row laid out at its natural width (`content`, width: max-content) fits inside `box`,
// measured again whenever either changes size (a window resize, another language, a font load).
import { type RefObject, useLayoutEffect, useState } from "react";

export function useFits(box: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const b = box.current;
    const c = content.current;
    if (!b || !c) return;
    const measure = () => {
      const s = getComputedStyle(b);
      const room = b.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
      setFits(c.getBoundingClientRect().width <= room + 0.5);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(b);
    observer.observe(c);
    return () => observer.disconnect();
  }, [box, content]);
  return fits;
}
