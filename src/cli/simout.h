/* The figures of cardhall sim as text, JSON and CSV, and as rows that every
 * output (and the HTML report) reads alike. */
#ifndef CARDHALL_CLI_SIMOUT_H
#define CARDHALL_CLI_SIMOUT_H

#include <jansson.h>
#include <stdio.h>

#include "simrun.h"

typedef enum {
    SIM_ROW_SEAT_WIN,  /* idx: seat */
    SIM_ROW_BOT_WIN,   /* idx: bot */
    SIM_ROW_BOT_SCORE, /* idx: bot, mean score */
    SIM_ROW_ACTIONS,   /* mean actions per game */
    SIM_ROW_ACTIONS_P50,
    SIM_ROW_ACTIONS_P95,
    SIM_ROW_HANDS, /* mean hands per game */
    SIM_ROW_HANDS_P50,
    SIM_ROW_HANDS_P95,
    SIM_ROW_FINISHED, /* counts of games */
    SIM_ROW_CAPPED,
    SIM_ROW_TALLY /* idx: the game's own figure, mean per finished game */
} sim_row_kind;

/* One figure of one set: its value and, where it has one, its 95% interval;
 * and against set 0, the paired difference where the figure pairs. */
typedef struct sim_row {
    sim_row_kind kind;
    int idx;
    char key[96];   /* for machines: "seat0.win_rate", "figures.dry_deck_end" */
    char label[96]; /* for people: "seat 0 win rate" */
    int rate;       /* a rate, shown as a percentage */
    double value, lo, hi;
    int has_ci;
    int has_diff; /* set k > 0 and the figure pairs with set 0 */
    double diff, dlo, dhi;
    unsigned long long pairs;
} sim_row;

#define SIM_MAX_ROWS (2 * CH_MAX_PLAYERS + 2 * SIM_MAX_BOTS + 8 + CH_MAX_TALLY)

/* The rows of set k; returns their count. */
int sim_rows(const sim *s, int k, sim_row *rows);

/* The single-set report as text on stdout (the format tests/data/sim pins)
 * and the same as JSON. */
json_t *sim_report_set(const sim *s, int k);
/* For several sets: each set's report, then the differences from set 0. */
json_t *sim_report(const sim *s);
/* Writes every row of every set as CSV; CLI_OK or an error reported. */
int sim_write_csv(const sim *s, const char *path);

#endif
