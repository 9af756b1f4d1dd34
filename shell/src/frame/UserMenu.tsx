import { useEffect, useId, useRef, useState } from 'react';
import { levelTitle, type UserInfo } from 'shared-kernel';
import { logout } from '../auth/logout';
import { ChevronIcon } from './icons';
import { NavLink } from './NavLink';
import { userLinks } from './user-links';

/** The nickname's first character, shown in the round avatar on narrow screens. */
function initialOf(nickname: string): string {
  return Array.from(nickname.trim())[0] ?? '我';
}

/** The level title in its colour (SPEC.md §3), from the kernel. */
export function LevelBadge({ user }: { user: UserInfo }) {
  const level = levelTitle(user.level, user.gender);
  if (!level) return null;
  return (
    <span className="level-badge" style={{ color: level.color, borderColor: level.color }} data-testid="level-title">
      {level.title}
    </span>
  );
}

/** A logged-in user's nickname, level title and menu; closes on Escape, on a click outside and on navigation. */
export function UserMenu({ user }: { user: UserInfo }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const nickname = user.nickname || '用户';
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${nickname} 的账号菜单`}
        onClick={() => setOpen((v) => !v)}
        data-testid="user-menu-button"
      >
        <span className="avatar" aria-hidden="true">
          {initialOf(nickname)}
        </span>
        <span className="user-name">{nickname}</span>
        <LevelBadge user={user} />
        <ChevronIcon />
      </button>
      {open && (
        <div className="menu" role="menu" id={menuId} aria-label="账号菜单">
          {userLinks(user).map((link) => (
            <NavLink key={link.to} to={link.to} role="menuitem" className="menu-item" onNavigate={() => setOpen(false)}>
              {link.label}
            </NavLink>
          ))}
          <button
            type="button"
            role="menuitem"
            className="menu-item menu-logout"
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            退出登录
          </button>
        </div>
      )}
    </div>
  );
}
