# SPDX-License-Identifier: GPL-2.0
#
# The profiling workloads the committed profiles were made with, in the
# order the collector's guest runs them: each class alone, then all of
# them in turn ("mixed", the workload the list is for), in the training
# boot; "mixed" three times in the held-out boot, so that held-out
# measures pool three runs.
# Under -icount a guest second is 10^9 instructions, and the plugin's
# counts are exact: there is no sampling noise to average out, only the
# workload's own variation, so short runs do.  One emulated second costs
# about half a minute of host time.
TRAIN_CLASSES   := fork exec tmpfs disk pipe unix signal stat
TRAIN_SECONDS   := 2
MIXED_SECONDS   := 8
HOLDOUT_CLASSES := mixed mixed mixed
HOLDOUT_SECONDS := 3
# Work no training class does (generator/collect/unseen, one program a
# class), run in the held-out boot after HOLDOUT_CLASSES, each in a
# region of its own, so that the bench sees a workload the list was not
# made for pay for it.  Their profiles stay in the collector's build
# directory: they feed neither the list nor the held-out oracle.  The
# guest has no ext4 (the bench kernel, as Debian, builds it as a
# module, and the bench loads none), so "walk" walks a tmpfs tree; no
# dynamic loader either, so no class execs a dynamically linked binary.
UNSEEN_CLASSES  := tcp fault walk threads poll
UNSEEN_SECONDS  := 1

# A class both trained on (or held out as "mixed") and unseen would make
# the unseen figures a measure of the training set: refused wherever
# these workloads are read.
unseen_trained := $(filter $(UNSEEN_CLASSES),$(TRAIN_CLASSES) mixed $(HOLDOUT_CLASSES))
ifneq ($(unseen_trained),)
$(error functionlist/workloads.mk: $(unseen_trained): in UNSEEN_CLASSES and trained on or held out (TRAIN_CLASSES, mixed, HOLDOUT_CLASSES))
endif

# The names take-regions.sh gives the held-out runs: CLASS, or CLASS-K
# for a class run K > 1 times.  Only these files are held-out profiles
# (functionlist/holdout/, the oracle's input), never an unseen class's.
holdout_count = $(words $(filter $(1),$(HOLDOUT_CLASSES)))
holdout_names = $(foreach c,$(sort $(HOLDOUT_CLASSES)),$(if $(filter 1,$(call holdout_count,$(c))),$(c),$(addprefix $(c)-,$(shell seq 1 $(call holdout_count,$(c))))))

# profile2linkerlist's inputs from the training profiles in directory
# $(1), with their call edges: each one-class run at weight 1, the mixed
# run at the weight of all of them together, as it is the workload the
# list is for.  functionlist/ makes the list so; the reorder benchmark
# makes its lists the same way.  This file belongs with the data: the
# collector reads it and writes profiles/ and holdout/ here; nothing
# here depends on the collector.
train_p2l_args = $(foreach c,$(TRAIN_CLASSES),$(1)/$(c).txt --edges=$(1)/$(c).edges) \
	-w $(words $(TRAIN_CLASSES)) $(1)/mixed.txt --edges=$(1)/mixed.edges
