import type { LoginFormType } from 'shared-kernel';
import type { Surface } from '../session/after-login';

/** What every form of the login screen gets from the panel around it. */
export interface FormProps {
  surface: Surface;
  /** Moves to another form (inline: its route; in the dialog: the same dialog). */
  onSwitch: (form: LoginFormType) => void;
}
