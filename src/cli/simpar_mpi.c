/* cardhall sim under MPI: ranks share the games of each batch by index and
 * rank 0 receives every result, so it folds them in game order exactly as
 * one process would. MPI starts only when mpirun started this process (its
 * environment says so): a plain `cardhall sim` stays one process, with no
 * MPI start-up cost. Results travel as bytes: every rank runs the same
 * program on the same kind of machine. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simpar.h"

static int started, me, all;

/* Set by Open MPI's mpirun (OMPI_), by PMIx launchers and by Hydra (PMI_). */
static int launched_by_mpirun(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_SIZE");
}

int simpar_start(int *rank, int *ranks)
{
    *rank = 0;
    *ranks = 1;
    if (!launched_by_mpirun()) return 0;
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
        fprintf(stderr, "cardhall: MPI could not start\n");
        return -1;
    }
    started = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &all);
    *rank = me;
    *ranks = all;
    return 0;
}

void simpar_stop(void)
{
    if (started) MPI_Finalize();
    started = 0;
}

int simpar_gather(void *buf, size_t size, int count)
{
    if (!started || all == 1) return 0;
    int *counts = malloc(sizeof *counts * (size_t)all),
        *displs = malloc(sizeof *displs * (size_t)all);
    if (!counts || !displs) {
        free(counts);
        free(displs);
        return -1;
    }
    for (int r = 0; r < all; r++) {
        int lo = simpar_share(count, r, all), hi = simpar_share(count, r + 1, all);
        counts[r] = (int)((size_t)(hi - lo) * size);
        displs[r] = (int)((size_t)lo * size);
    }
    int rc;
    if (me == 0)
        rc = MPI_Gatherv(MPI_IN_PLACE, 0, MPI_BYTE, buf, counts, displs, MPI_BYTE, 0,
                         MPI_COMM_WORLD);
    else
        rc = MPI_Gatherv((char *)buf + displs[me], counts[me], MPI_BYTE, NULL, NULL, NULL, MPI_BYTE,
                         0, MPI_COMM_WORLD);
    free(counts);
    free(displs);
    return rc == MPI_SUCCESS ? 0 : -1;
}

int simpar_gather_all(const void *mine, void *all_buf, size_t len)
{
    if (!started) {
        memcpy(all_buf, mine, len);
        return 0;
    }
    return MPI_Gather(mine, (int)len, MPI_BYTE, all_buf, (int)len, MPI_BYTE, 0, MPI_COMM_WORLD) ==
                   MPI_SUCCESS
               ? 0
               : -1;
}

int simpar_any(int flag)
{
    if (!started) return flag != 0;
    int in = flag != 0, out = 0;
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return out;
}

int simpar_bcast_seed(uint64_t *seed)
{
    if (!started) return 0;
    return MPI_Bcast(seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
}
