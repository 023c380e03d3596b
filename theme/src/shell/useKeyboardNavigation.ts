import { useEffect } from 'react';

/**
 * Marks <body> with "navigation-with-keyboard" while the reader uses the
 * keyboard (added on Tab, removed on mousedown; reference 2.7), so focus
 * outlines show for keyboard users and not after mouse clicks. The
 * "navigation-with-mouse" class is what CSS keys on, so that without
 * JavaScript, where neither class is set, outlines always show.
 */
export function useKeyboardNavigation(): void {
  useEffect(() => {
    const body = document.body;
    const keyboard = () => {
      body.classList.add('navigation-with-keyboard');
      body.classList.remove('navigation-with-mouse');
    };
    const mouse = () => {
      body.classList.remove('navigation-with-keyboard');
      body.classList.add('navigation-with-mouse');
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Tab') keyboard();
    };
    keyboard();
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', mouse);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', mouse);
    };
  }, []);
}
