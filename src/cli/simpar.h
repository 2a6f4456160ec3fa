/* The processes sharing one cardhall sim: MPI ranks when the program was
 * started by mpirun and built with MPI (simpar_mpi.c), otherwise just this
 * one (simpar_solo.c). The build compiles exactly one of the two. */
#ifndef CARDHALL_CLI_SIMPAR_H
#define CARDHALL_CLI_SIMPAR_H

#include <stddef.h>
#include <stdint.h>

/* Joins the others, if any: sets this process's rank and their number.
 * 0, or -1 after printing why. */
int simpar_start(int *rank, int *ranks);
/* Leaves them (call once, after simpar_start succeeded). */
void simpar_stop(void);
/* Rank 0 receives, into buf, every rank's share of count records of size
 * bytes: rank r's share is the records share_lo(r)..share_lo(r+1)-1 (see
 * simpar_share), already in place on each rank's own buf. */
int simpar_gather(void *buf, size_t size, int count);
/* Rank 0 receives every rank's len bytes from mine, rank after rank, in
 * all (ranks * len bytes; only rank 0's is written). */
int simpar_gather_all(const void *mine, void *all, size_t len);
/* Every rank takes rank 0's *seed. */
int simpar_bcast_seed(uint64_t *seed);
/* Whether flag is non-zero on any rank, told to every rank. */
int simpar_any(int flag);

/* The first of count records that rank r of ranks plays. */
static inline int simpar_share(int count, int r, int ranks)
{
    return (int)((long long)count * r / ranks);
}

#endif
