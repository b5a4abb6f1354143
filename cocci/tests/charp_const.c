/* modparm_charp_const.cocci: a charp parameter declared const char * */
#include <linux/module.h>

static const char *board = "auto";	/* board type */
static const char *names[4];
static const char *unrelated __maybe_unused = "x";
module_param(board, charp, 0);
module_param_array(names, charp, NULL, 0444);

static int __maybe_unused f(void)
{
	const char *board = "local";
	return board[0];
}
