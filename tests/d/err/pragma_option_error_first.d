/* @opts: -q */
#pragma D option strsize=abc
BEGIN { x = ; }
