import { useEffect, type RefObject } from 'react';

/**
 * Keeps a full-screen chat inside the part of the page the viewer can see. A phone's on-screen
 * keyboard shrinks only the visual viewport (iOS Safari, and Chrome's default): `100dvh` stays
 * the whole screen and the browser pans the page to show the focused input, taking the header
 * away and leaving the composer under the keyboard once the text grows. While the visual
 * viewport is shorter than the layout viewport (and not because of a pinch zoom, which the
 * viewer pans on purpose), the element takes its height and sits at its top; otherwise its
 * own height (`100dvh`) applies. Written to the element's style: no re-render per scroll event.
 */
export function useVisualViewportFit(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = ref.current;
    if (!viewport || !element) return;
    const fit = () => {
      const zoomed = viewport.scale > 1.01;
      const covered = window.innerHeight - viewport.height > 1;
      if (covered && !zoomed) {
        element.style.height = `${viewport.height}px`;
        element.style.transform =
          viewport.offsetTop > 0 ? `translateY(${viewport.offsetTop}px)` : '';
      } else {
        element.style.height = '';
        element.style.transform = '';
      }
    };
    fit();
    viewport.addEventListener('resize', fit);
    viewport.addEventListener('scroll', fit);
    return () => {
      viewport.removeEventListener('resize', fit);
      viewport.removeEventListener('scroll', fit);
      element.style.height = '';
      element.style.transform = '';
    };
  }, [ref]);
}
