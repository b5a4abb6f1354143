/* ALSA 0.9's MODULE_PARM_SYNTAX beside each parameter: no 6.1 header
 * defines it.  Removed beside the parameter's module_param* (a 2.6
 * driver's, or a converted MODULE_PARM's), left with a parameter that
 * has none. */
#include <linux/module.h>
#include <sound/initval.h>

static int index[SNDRV_CARDS] = SNDRV_DEFAULT_IDX;
static char *id[SNDRV_CARDS] = SNDRV_DEFAULT_STR;
static int enable[SNDRV_CARDS] = SNDRV_DEFAULT_ENABLE_PNP;
static int pcm_channels = 32;

module_param_array(index, int, NULL, 0444);
MODULE_PARM_DESC(index, "Index value for the soundcard.");
MODULE_PARM_SYNTAX(index, SNDRV_INDEX_DESC);
module_param_array_named(ident, id, charp, NULL, 0444);
MODULE_PARM_SYNTAX(ident, SNDRV_ID_DESC);
MODULE_PARM(enable, "1-" __MODULE_STRING(SNDRV_CARDS) "i");
MODULE_PARM_SYNTAX(enable, SNDRV_ENABLE_DESC);
module_param(pcm_channels, int, 0444);
MODULE_PARM_SYNTAX(pcm_channels,
		   SNDRV_ENABLED ",allows:{{1,32}},default:32,dialog:list");
