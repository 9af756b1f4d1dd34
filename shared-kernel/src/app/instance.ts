/**
 * One id per loaded copy of the kernel. Every app renders it, so a test (or a person) can see that the shell
 * and all remotes share one singleton instance rather than private copies.
 */
export const KERNEL_INSTANCE_ID = Math.random().toString(36).slice(2, 10);
