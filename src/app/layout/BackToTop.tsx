import { useEffect, useState } from 'react';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';

export const BACK_TO_TOP_MS = 600;

/** Ease-out scroll from `from` to 0 over `duration` ms. */
export function scrollPositionAt(from: number, elapsed: number, duration = BACK_TO_TOP_MS): number {
  const t = Math.min(1, Math.max(0, elapsed / duration));
  const eased = 1 - Math.pow(1 - t, 3);
  return Math.round(from * (1 - eased));
}

function animateToTop(): void {
  const from = window.scrollY;
  const start = performance.now();
  const step = (now: number) => {
    const y = scrollPositionAt(from, now - start);
    window.scrollTo(0, y);
    if (y > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Affix position={{ bottom: 40, right: 24 }}>
      <Transition transition="slide-up" mounted={visible}>
        {(style) => (
          <ActionIcon style={style} size="lg" radius="xl" variant="filled" onClick={animateToTop} aria-label="返回顶部">
            <IconArrowUp size={18} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
