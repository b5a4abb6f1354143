/*
 * The parameter table of the driver's setup tool: the header makes
 * MODULE_PARM an initializer of its own, under no #if (its include
 * guard aside), for every file that includes it.
 */
#ifndef PARMTAB_H
#define PARMTAB_H

struct parm_entry {
	void *addr;
	const char *type;
};

#define MODULE_PARM(x, t) { &x, t },

#endif
