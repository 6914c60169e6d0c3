/*
 * A declaration holds for the clauses written before it (dtrace acts on declarations as it
 * parses, and checks clauses afterwards): the int assigned in the first clause does not fit
 * the string declared later (dtrace: operands have incompatible types: "string" = "int", at
 * the first clause's line).
 */
BEGIN
{
	x = 1;
}

string x;
