provider a_b { probe c(); };
provider a { probe b_c(); };
