#!/bin/sh
# provargs_enqueue's workload: the shell sleeps in wait() until its child ends.
/bin/sleep 0.2
