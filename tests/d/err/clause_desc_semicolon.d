/* A probe description ended by `;` is no clause: D's grammar wants a predicate or actions
 * after it, and dtrace's parser stops at the `;` (observed). */
BEGIN;
