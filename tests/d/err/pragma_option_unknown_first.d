/* @opts: -q */
#pragma D option nosuch
BEGIN { x = ; }
