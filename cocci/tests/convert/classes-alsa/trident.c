// SPDX-License-Identifier: GPL-2.0-only
/* An ALSA 0.9 driver: each parameter's MODULE_PARM with its
 * MODULE_PARM_SYNTAX, a hint for alsaconf that no 6.1 header defines. */
#include <linux/module.h>

#define SNDRV_CARDS 8

static int index_[SNDRV_CARDS] = {[0 ... (SNDRV_CARDS - 1)] = -1};
static int pcm_channels[SNDRV_CARDS] = {[0 ... (SNDRV_CARDS - 1)] = 32};
static struct { int x; } card_state;

MODULE_PARM(index_, "1-" __MODULE_STRING(SNDRV_CARDS) "i");
MODULE_PARM_DESC(index_, "Index value for Trident 4DWave PCI soundcard.");
MODULE_PARM_SYNTAX(index_, "default:-1");
MODULE_PARM(pcm_channels, "1-" __MODULE_STRING(SNDRV_CARDS) "i");
MODULE_PARM_DESC(pcm_channels, "Number of hardware channels assigned for PCM.");
MODULE_PARM_SYNTAX(pcm_channels, "default:32,allows:{{1,32}}");
MODULE_PARM(card_state, "1-2i");
MODULE_PARM_SYNTAX(card_state, "default:0");
