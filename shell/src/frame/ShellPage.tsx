import { useObservable, type DeploymentManifest } from 'shared-kernel';
import { ActivationNotice, DisabledNotice, MiniProgramLoginNotice } from '../pages/AccountNotice';
import { Diagnostics } from '../pages/Diagnostics';
import { route$ } from '../routing/route-state';
import { NotFound } from './NotFound';

/** The pages the shell renders itself in the main slot, by the router's decision; nothing while a remote renders. */
export function ShellPage({ deployment }: { deployment: () => Promise<DeploymentManifest> }) {
  const state = useObservable(route$);
  const decision = state?.decision;
  switch (decision?.kind) {
    case 'not-found':
      return <NotFound />;
    case 'activate':
      return <ActivationNotice reason={decision.reason} />;
    case 'disabled':
      return <DisabledNotice />;
    case 'miniprogram-login':
      return <MiniProgramLoginNotice />;
    case 'shell':
      return <Diagnostics deployment={deployment} />;
    default:
      return null;
  }
}
