// SWR imports useSyncExternalStore from the `use-sync-external-store/shim` package, a stand-in for
// React before 18. React 19 has it: the build resolves the shim here (client/vite.config.ts).
export { useSyncExternalStore } from 'react';
