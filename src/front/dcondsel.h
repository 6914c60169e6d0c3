/* dcondsel.h — a conditional `c ? a : b` whose condition is an integer constant is replaced by
 * the branch it selects before anything else looks at the program, as dtrace's parser does
 * (libdtrace dt_node_op3 returns the chosen operand when the condition is an integer node).
 * So `OPT ? printf("x\n") : 1;` with `inline int OPT = 1;` is the statement `printf("x\n");`,
 * and `OPT ? @a[k] = count() : 1;` an aggregation, while the other branch is never checked.
 *
 * An integer constant here is what dtrace's parser folds as it builds the tree, nothing more:
 * integer and character literals (macro arguments are literals by then: dmacro runs first),
 * a name of an inline without parameters declared above whose value is such a constant,
 * an enumerator the program or a D library declares (dtrace makes each an inline of its
 * value; we do not check that it is declared above its use), sizeof(type), offsetof(type, member), the unary - + ~ !, the binary operators, casts to an
 * integer type and a conditional with such a condition, over such constants. Anything else
 * (a variable, a kernel type's enumerator, sizeof of an expression) leaves the conditional to the type
 * checker, whose rules then apply (an action in a branch is an error).
 *
 * Contract: dcondsel_program walks every item of g in source order (clauses' predicates and
 * actions, inline values, translator members) and relinks the tree; nodes it drops stay in
 * the pool (freed with it). Values fold as dfold.h says, in the types C's usual arithmetic
 * conversions give; a division by zero is not folded (the checker reports it). */
#ifndef USDTRACE_DCONDSEL_H
#define USDTRACE_DCONDSEL_H

#include "dparse.h"

void dcondsel_program(struct dprog *g);
#endif
