/* @opts: -q */
BEGIN { switch (1) {} }
