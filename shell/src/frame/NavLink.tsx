import type { MouseEvent, ReactNode } from 'react';
import { navigate } from 'shared-kernel';

/** A plain click (not a new tab or window) on a same-site link: the shell navigates without a reload. */
export function isPlainClick(event: MouseEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

/** Internal links go through the kernel's navigate(), so the page is not reloaded. */
export function NavLink({
  to,
  children,
  className,
  onNavigate,
  ...rest
}: {
  to: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
  role?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <a
      href={to}
      className={className}
      {...rest}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
        onNavigate?.();
      }}
    >
      {children}
    </a>
  );
}
