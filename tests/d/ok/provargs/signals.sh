#!/bin/bash
# provargs_signal's workload: a signal it ignores (discarded when sent), one it handles, and a
# child killed by a signal whose default action is to terminate.
trap "" USR1
kill -USR1 $$
trap : USR2
kill -USR2 $$
{ env --default-signal=USR1 /bin/sh -c 'kill -USR1 $$'; } 2>/dev/null
exit 0
