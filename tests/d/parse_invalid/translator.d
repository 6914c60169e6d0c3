translator int < int x > { };
