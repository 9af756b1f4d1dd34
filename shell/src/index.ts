// Async boundary: shared singletons (React, the kernel, ...) are negotiated with the federation runtime
// before any code that uses them runs.
import('./bootstrap');
