// Probe (not library code): does a hand-written CUDA pair-search loop on the legacy warp-level tensor-core
// instruction (mma.sync m16n8k32 s8) beat the Triton search kernel at 16384 vectors, K = 128? NOTES.md 98 (measured
// on an H100 in s204: no, ~50% slower per tile; the Gram form slower still).
//
// Three kernels:
//   peak:  mma.sync only, operands in registers, ILP independent accumulators per warp (the instruction's rate);
//   fused: the X x Y cross search (every pair of the square) with the exact test |<x_i, y_j>| - h_j >= h_i - goal
//          fused in registers and the hits counted exactly, no second kernel: rows of a 64-row panel in
//          registers (4 warps, 2 x 2, each 32 rows x 64 columns), 128-column tiles of Y by cp.async into padded
//          shared memory (double-buffered), a warp-wide vote per tile, and only a warp whose tile holds a hit takes
//          the slow path (the per-element test);
//   gram:  the same loop over the upper triangle of X x X (pairs i < j), balanced contiguous ranges of (panel,
//          column tile) units on a fixed grid, as the library's balanced search; its records (i, j, dot) staged in
//          shared memory (one shared atomic each) and flushed with one global atomic per flush.
// Both are checked against a plain dp4a kernel: the count, and for the Gram records a sum of a key over (i, j, dot).
// The data: int8 uniform in [-40, 40]; the goal is a quantile of a 400K-pair sample, which misses the asked rate
// (1e-4 gave 1.96e-5 in s204): read the printed rate.
//
// Build and run (on the GPU machine): nvcc -O3 -arch=sm_90a -o /tmp/probe benchmarks/probes/mma_sync_probe.cu
//   /tmp/probe [M] [segments] [rate_target] [square]   (-DMINB=4: the square kernel at 128 registers; -DAQ_SMEM=1:
//   the rows' A fragments staged in shared memory as ready register quads, NOTES.md 98)
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <string>
#include <cuda_runtime.h>

#ifndef MINB  // blocks per SM asked of the compiler for the square kernel (__launch_bounds__' second argument)
#define MINB 3  // (3 x 128 threads fit at <= 170 registers; the s204 build used 152 either way)
#endif

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1); } } while (0)

static constexpr int K = 128;          // bytes per vector
static constexpr int BM = 64;          // panel rows per block
static constexpr int BN = 128;         // columns per tile
static constexpr int SROW = 144;       // padded shared-memory row (bytes): conflict-free 16-byte reads

__device__ __forceinline__ void mma_s8(int (&d)[4], const int (&a)[4], int b0, int b1) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%0,%1,%2,%3};\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

template <int ILP>
__global__ void peak_kernel(int *out, int iters) {
    int a[4] = {(int)threadIdx.x, 3, 5, 7};
    int b0 = threadIdx.x * 3, b1 = 11;
    int d[ILP][4];
    for (int i = 0; i < ILP; ++i) for (int j = 0; j < 4; ++j) d[i][j] = i + j;
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int i = 0; i < ILP; ++i) mma_s8(d[i], a, b0, b1);
    }
    int s = 0;
    for (int i = 0; i < ILP; ++i) for (int j = 0; j < 4; ++j) s += d[i][j];
    if (s == 0x12345) out[0] = s;
}

__device__ __forceinline__ void cp_async16(void *smem, const void *gmem) {
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n"); }
__device__ __forceinline__ void cp_wait0() { asm volatile("cp.async.wait_group 0;\n"); }

// Thread q = lane % 4 holds bytes [32 q, 32 q + 32) of each of its rows; k-step kb takes bytes 8 kb + 0..3 (a0 / b0)
// and 8 kb + 4..7 (a2 / b1) of them. The same map on both operands keeps the dot exact (a permutation of k).
static constexpr int RCAP = 256;  // records staged in shared memory per block before a flush

#ifndef AQ_SMEM  // 1: the rows' A fragments staged in shared memory as ready quads, read per tile (NOTES.md 98)
#define AQ_SMEM 0
#endif

struct Smem {
#if AQ_SMEM
    int4 aq[4][2][4][32];  // [warp][m][kb][lane]: the quad (a0, a1, a2, a3) of mma's A operand
#endif
    int8_t ys[2][BN * SROW];
    int hs[2][BN];
    int4 rec[RCAP];  // (i, j, dot, 0)
    int n_rec;
    unsigned long long base;
};

struct Out {
    int4 *rec;                  // [capacity] records (i, j, dot, 0)
    unsigned long long *count;  // the true number of hits
    long long capacity;
};

// the staged records to the output: one atomic per block; call after a barrier (every record staged)
__device__ __forceinline__ void flush(Smem &sm, const Out &o) {
    int n = min(sm.n_rec, RCAP);
    if (threadIdx.x == 0) sm.base = n ? atomicAdd(o.count, (unsigned long long)n) : 0ull;
    __syncthreads();  // (every thread has read n_rec: the reset below is seen by no one before the next barrier)
    if (threadIdx.x == 0) sm.n_rec = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        if ((long long)(sm.base + i) < o.capacity) o.rec[sm.base + i] = sm.rec[i];
    __syncthreads();
}

// one 64-row panel against column tiles t0 .. t1 - 1 of Y; GRAM: only pairs i < j count (Y = X)
template <bool GRAM>
__device__ __forceinline__ unsigned long long panel_range(Smem &sm, const int8_t *__restrict__ X,
                                                          const int *__restrict__ hxg, const int8_t *__restrict__ Y,
                                                          const int *__restrict__ hy, int M, int N, int panel, int t0,
                                                          int t1, const Out &o) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, g = lane >> 2, q = lane & 3;
    const int wr = warp >> 1, wc = warp & 1;
    const int row0 = panel * BM + wr * 32;
    // the warp's rows: A fragments for 2 m-blocks x 4 k-steps, and h_i - goal
    int A[2][4][4];
    int lim[2][2];
#pragma unroll
    for (int m = 0; m < 2; ++m)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            int r = row0 + 16 * m + 8 * h + g;
            int4 v0 = make_int4(0, 0, 0, 0), v1 = v0;
            if (r < M) {
                v0 = *reinterpret_cast<const int4 *>(X + (size_t)r * K + 32 * q);
                v1 = *reinterpret_cast<const int4 *>(X + (size_t)r * K + 32 * q + 16);
            }
            int w[8] = {v0.x, v0.y, v0.z, v0.w, v1.x, v1.y, v1.z, v1.w};
#pragma unroll
            for (int kb = 0; kb < 4; ++kb) {
                A[m][kb][h] = w[2 * kb];
                A[m][kb][2 + h] = w[2 * kb + 1];
            }
            lim[m][h] = r < M ? hxg[r] : 0x40000000;
        }
#if AQ_SMEM
    __syncthreads();  // the previous panel's reads of aq are done
#pragma unroll
    for (int m = 0; m < 2; ++m)
#pragma unroll
        for (int kb = 0; kb < 4; ++kb)
            sm.aq[warp][m][kb][lane] = make_int4(A[m][kb][0], A[m][kb][1], A[m][kb][2], A[m][kb][3]);
    __syncwarp();
#endif

    auto load_tile = [&](int t, int buf) {
        // 128 columns x 128 bytes: 1024 pieces of 16 bytes, 8 per thread; rows past N read row N - 1 (masked by h)
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            int p = threadIdx.x + 128 * i, c = p >> 3, piece = p & 7;
            int col = min(t * BN + c, N - 1);
            cp_async16(&sm.ys[buf][c * SROW + 16 * piece], Y + (size_t)col * K + 16 * piece);
        }
        int col = t * BN + threadIdx.x;
        sm.hs[buf][threadIdx.x] = col < N ? hy[col] : 0x1fffffff;
        cp_commit();
    };

    unsigned long long hits = 0;
    __syncthreads();  // the previous panel's reads of both buffers are done
    load_tile(t0, 0);
    for (int t = t0; t < t1; ++t) {
        const int buf = (t - t0) & 1;
        cp_wait0();
        if (GRAM) {  // records: flush the stage when half full (the same decision in every thread)
            if (__syncthreads_or(sm.n_rec > RCAP / 2)) flush(sm, o);
        } else {
            __syncthreads();
        }
        if (t + 1 < t1) load_tile(t + 1, buf ^ 1);
        int acc[2][8][4];
#pragma unroll
        for (int m = 0; m < 2; ++m)
#pragma unroll
            for (int n = 0; n < 8; ++n)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[m][n][j] = 0;
#pragma unroll
        for (int n = 0; n < 8; ++n) {
            const int8_t *yrow = &sm.ys[buf][(wc * 64 + n * 8 + g) * SROW + 32 * q];
            int4 u0 = *reinterpret_cast<const int4 *>(yrow);
            int4 u1 = *reinterpret_cast<const int4 *>(yrow + 16);
            int w[8] = {u0.x, u0.y, u0.z, u0.w, u1.x, u1.y, u1.z, u1.w};
#pragma unroll
            for (int kb = 0; kb < 4; ++kb)
#pragma unroll
                for (int m = 0; m < 2; ++m) {
#if AQ_SMEM
                    int4 a4 = sm.aq[warp][m][kb][lane];
                    const int a[4] = {a4.x, a4.y, a4.z, a4.w};
                    mma_s8(acc[m][n], a, w[2 * kb], w[2 * kb + 1]);
#else
                    mma_s8(acc[m][n], A[m][kb], w[2 * kb], w[2 * kb + 1]);
#endif
                }
        }
        // the test: per row, max over the tile's columns of |dot| - h_j against h_i - goal
        int mx[2][2];
#pragma unroll
        for (int m = 0; m < 2; ++m) { mx[m][0] = INT32_MIN; mx[m][1] = INT32_MIN; }
#pragma unroll
        for (int n = 0; n < 8; ++n) {
            int2 h2 = *reinterpret_cast<const int2 *>(&sm.hs[buf][wc * 64 + n * 8 + 2 * q]);
#pragma unroll
            for (int m = 0; m < 2; ++m) {
                mx[m][0] = max(mx[m][0], max(abs(acc[m][n][0]) - h2.x, abs(acc[m][n][1]) - h2.y));
                mx[m][1] = max(mx[m][1], max(abs(acc[m][n][2]) - h2.x, abs(acc[m][n][3]) - h2.y));
            }
        }
        bool any = mx[0][0] >= lim[0][0] || mx[0][1] >= lim[0][1] || mx[1][0] >= lim[1][0] || mx[1][1] >= lim[1][1];
        if (__any_sync(0xffffffffu, any)) {  // rare (and every diagonal tile of a Gram search): the exact hits
#pragma unroll
            for (int n = 0; n < 8; ++n)
#pragma unroll
                for (int m = 0; m < 2; ++m)
#pragma unroll
                    for (int j = 0; j < 4; ++j) {
                        int col = t * BN + wc * 64 + n * 8 + 2 * q + (j & 1);
                        int row = row0 + 16 * m + 8 * (j >> 1) + g;
                        int hj = sm.hs[buf][wc * 64 + n * 8 + 2 * q + (j & 1)];
                        if (col < N && (!GRAM || row < col) && abs(acc[m][n][j]) - hj >= lim[m][j >> 1]) {
                            ++hits;
                            if (GRAM) {  // staged; past the stage's room straight out with an atomic of its own
                                int slot = atomicAdd(&sm.n_rec, 1);
                                int4 r = make_int4(row, col, acc[m][n][j], 0);
                                if (slot < RCAP) {
                                    sm.rec[slot] = r;
                                } else {
                                    unsigned long long at = atomicAdd(o.count, 1ull);
                                    if ((long long)at < o.capacity) o.rec[at] = r;
                                }
                            }
                        }
                    }
        }
    }
    return hits;
}

// the square: block (panel, segment of column tiles)
__global__ void __launch_bounds__(128, MINB) fused_kernel(const int8_t *__restrict__ X, const int *__restrict__ hxg,
                                                     const int8_t *__restrict__ Y, const int *__restrict__ hy,
                                                     int M, int N, int tiles_per_block, unsigned long long *count) {
    __shared__ __align__(16) Smem sm;
    const int n_tiles = (N + BN - 1) / BN;
    const int t0 = blockIdx.y * tiles_per_block;
    const int t1 = min(n_tiles, t0 + tiles_per_block);
    if (t0 >= t1) return;
    unsigned long long hits = panel_range<false>(sm, X, hxg, Y, hy, M, N, blockIdx.x, t0, t1, Out{nullptr, count, 0});
    // one atomic per thread that found something (a real kernel writes records through a shared-memory stage)
    if (hits) atomicAdd(count, hits);
}

// the Gram triangle (i < j): the (panel, column tile) units of the upper triangle, panel by panel (panel p starts at
// tile (p * BM) / BN), cut into gridDim.x contiguous ranges; starts[p] = units before panel p (host table)
__global__ void __launch_bounds__(128, 3) gram_kernel(const int8_t *__restrict__ X, const int *__restrict__ hxg,
                                                    const int *__restrict__ hx, int M, const int *__restrict__ starts,
                                                    int n_panels, Out o) {
    __shared__ __align__(16) Smem sm;
    if (threadIdx.x == 0) sm.n_rec = 0;
    const int n_tiles = (M + BN - 1) / BN;
    const long long W = starts[n_panels];
    long long u = (long long)blockIdx.x * W / gridDim.x, u_end = (long long)(blockIdx.x + 1) * W / gridDim.x;
    int lo = 0, hi = n_panels - 1;  // the panel holding unit u
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (starts[mid] <= u) lo = mid; else hi = mid - 1;
    }
    unsigned long long hits = 0;
    for (int p = lo; p < n_panels && u < u_end; ++p) {
        int first = (p * BM) / BN;
        int t0 = first + (int)(u - starts[p]);
        int t1 = first + (int)(min(u_end, (long long)starts[p + 1]) - starts[p]);
        t1 = min(t1, n_tiles);
        if (t0 < t1) hits += panel_range<true>(sm, X, hxg, X, hx, M, M, p, t0, t1, o);
        u = starts[p + 1];
    }
    __syncthreads();
    flush(sm, o);
    (void)hits;
}

__global__ void ref_kernel(const int8_t *X, const int *hxg, const int8_t *Y, const int *hy, int M, int N, bool gram,
                           unsigned long long *count, unsigned long long *keysum = nullptr) {
    int i = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M || j >= N || (gram && i >= j)) return;
    const int *x = reinterpret_cast<const int *>(X + (size_t)i * K);
    const int *y = reinterpret_cast<const int *>(Y + (size_t)j * K);
    int d = 0;
    for (int k = 0; k < K / 4; ++k) d = __dp4a(x[k], y[k], d);
    if (abs(d) - hy[j] >= hxg[i]) {
        atomicAdd(count, 1ull);
        if (keysum) atomicAdd(keysum, ((unsigned long long)i * N + j) * 31ull + (unsigned)d);
    }
}

// mean milliseconds of one launch() over reps calls, timed by events around them all
template <class F>
static float mean_ms(F launch, int reps) {
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    CK(cudaEventRecord(e0));
    for (int r = 0; r < reps; ++r) launch();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    CK(cudaEventDestroy(e0));
    CK(cudaEventDestroy(e1));
    return ms / reps;
}

// h = |v|^2 / 2 (rounded down) of each K-byte row
static std::vector<int> half_norms(const std::vector<int8_t> &v) {
    std::vector<int> h(v.size() / K);
    for (size_t i = 0; i < h.size(); ++i) {
        int a = 0;
        for (int k = 0; k < K; ++k) a += v[i * K + k] * v[i * K + k];
        h[i] = a / 2;
    }
    return h;
}

int main(int argc, char **argv) {
    int M = argc > 1 ? atoi(argv[1]) : 16384;
    int S = argc > 2 ? atoi(argv[2]) : 4;
    double rate = argc > 3 ? atof(argv[3]) : 1e-4;
    bool square_only = argc > 4 && std::string(argv[4]) == "square";  // skip the peak and the Gram kernel
    int N = M;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int clk_khz = 0;
    CK(cudaDeviceGetAttribute(&clk_khz, cudaDevAttrClockRate, 0));
    printf("device %s, %d SMs, max clock %.0f MHz\n", prop.name, prop.multiProcessorCount, clk_khz / 1e3);
    int *dout;
    CK(cudaMalloc(&dout, 4));

    // --- peak: blocks x warps, ILP 4 / 8
    for (int warps : {4, 8, 16}) {
        if (square_only) break;
        for (int ilp : {4, 8}) {
            int blocks = prop.multiProcessorCount * (warps >= 8 ? 2 : 4), iters = 4096;
            dim3 bd(32 * warps);
            auto launch = [&]() {
                if (ilp == 4) peak_kernel<4><<<blocks, bd>>>(dout, iters);
                else peak_kernel<8><<<blocks, bd>>>(dout, iters);
            };
            launch();
            CK(cudaDeviceSynchronize());
            float ms = mean_ms(launch, 5);
            double macs = (double)blocks * warps * iters * ilp * 16 * 8 * 32;
            printf("peak warps/block %2d blocks %4d ilp %d: %.1f TOPS (int8, 2 ops per MAC)\n", warps, blocks, ilp,
                   2 * macs / (ms * 1e-3) / 1e12);
        }
    }

    // --- data: int8 in [-40, 40], h = |x|^2 / 2, goal from the target rate (a quantile of a sample of the test)
    std::vector<int8_t> hx_((size_t)M * K), hyv((size_t)N * K);
    uint64_t s = 12345;
    auto rnd = [&]() { s = s * 6364136223846793005ull + 1442695040888963407ull; return (int)((s >> 33) % 81) - 40; };
    for (auto &v : hx_) v = (int8_t)rnd();
    for (auto &v : hyv) v = (int8_t)rnd();
    std::vector<int> hxh = half_norms(hx_), hyh = half_norms(hyv);
    // goal: sample pairs on the host, take the value of h_i + h_j - |d| at the target rate
    std::vector<long long> smp;
    for (int t = 0; t < 400000; ++t) {
        int i = (int)((unsigned)rnd() * 7919u + t * 104729u) % M, j = (int)((unsigned)t * 7907u) % N;
        if (i < 0) i += M;
        int d = 0;
        for (int k = 0; k < K; ++k) d += hx_[(size_t)i * K + k] * hyv[(size_t)j * K + k];
        smp.push_back((long long)hxh[i] + hyh[j] - std::abs(d));
    }
    std::sort(smp.begin(), smp.end());
    long long goal = smp[std::max<size_t>(0, (size_t)(rate * smp.size()))];
    std::vector<int> lim(M);
    for (int i = 0; i < M; ++i) lim[i] = (int)(hxh[i] - goal);
    int8_t *dX, *dY;
    int *dlim, *dhy;
    unsigned long long *dcount;
    CK(cudaMalloc(&dX, (size_t)M * K));
    CK(cudaMalloc(&dY, (size_t)N * K));
    CK(cudaMalloc(&dlim, 4 * M));
    CK(cudaMalloc(&dhy, 4 * N));
    CK(cudaMalloc(&dcount, 8));
    CK(cudaMemcpy(dX, hx_.data(), (size_t)M * K, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dY, hyv.data(), (size_t)N * K, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dlim, lim.data(), 4 * M, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dhy, hyh.data(), 4 * N, cudaMemcpyHostToDevice));

    CK(cudaMemset(dcount, 0, 8));
    ref_kernel<<<dim3((N + 127) / 128, M), 128>>>(dX, dlim, dY, dhy, M, N, false, dcount);
    unsigned long long ref = 0, got = 0;
    CK(cudaMemcpy(&ref, dcount, 8, cudaMemcpyDeviceToHost));
    printf("M = N = %d, K = %d, goal %lld: %llu hits (rate %.2e)\n", M, K, goal, ref, ref / ((double)M * N));

    int n_tiles = (N + BN - 1) / BN;
    for (int segs : {1, 2, 4, 8, S}) {
        int tpb = (n_tiles + segs - 1) / segs;
        dim3 grid((M + BM - 1) / BM, segs);
        CK(cudaMemset(dcount, 0, 8));
        fused_kernel<<<grid, 128>>>(dX, dlim, dY, dhy, M, N, tpb, dcount);
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(&got, dcount, 8, cudaMemcpyDeviceToHost));
        float ms = mean_ms([&]() { fused_kernel<<<grid, 128>>>(dX, dlim, dY, dhy, M, N, tpb, dcount); }, 20);
        double t = ms * 1e-3, pairs = (double)M * N;
        printf("fused segments %d (%d blocks): %.4f ms, %.2f Tpairs/s, %.0f TOPS; hits %llu %s; a Gram triangle of "
               "%d at this rate: %.4f ms\n", segs, grid.x * grid.y, t * 1e3, pairs / t / 1e12, 2 * K * pairs / t / 1e12,
               got, got == ref ? "(= reference)" : "(DIFFERS from the reference)", M,
               t * 1e3 * ((double)M * (M - 1) / 2) / pairs);
    }

    // --- the Gram triangle of X (h_x, limits h_i - goal of the same goal): balanced ranges on G blocks
    if (!square_only) {
        int *dhx, *dstarts;
        CK(cudaMalloc(&dhx, 4 * M));
        CK(cudaMemcpy(dhx, hxh.data(), 4 * M, cudaMemcpyHostToDevice));
        int n_panels = (M + BM - 1) / BM;
        std::vector<int> starts(n_panels + 1, 0);
        for (int p = 0; p < n_panels; ++p) starts[p + 1] = starts[p] + (n_tiles - (p * BM) / BN);
        CK(cudaMalloc(&dstarts, 4 * (n_panels + 1)));
        CK(cudaMemcpy(dstarts, starts.data(), 4 * (n_panels + 1), cudaMemcpyHostToDevice));
        unsigned long long *dkey;
        CK(cudaMalloc(&dkey, 8));
        CK(cudaMemset(dcount, 0, 8));
        CK(cudaMemset(dkey, 0, 8));
        ref_kernel<<<dim3((M + 127) / 128, M), 128>>>(dX, dlim, dX, dhx, M, M, true, dcount, dkey);
        unsigned long long gref = 0, kref = 0;
        CK(cudaMemcpy(&gref, dcount, 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&kref, dkey, 8, cudaMemcpyDeviceToHost));
        long long cap = std::max<long long>(1024, 2 * (long long)gref);
        int4 *drec;
        CK(cudaMalloc(&drec, sizeof(int4) * cap));
        Out o{drec, dcount, cap};
        std::vector<int4> hrec;
        int per_sm = 0;
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, gram_kernel, 128, 0));
        printf("Gram triangle of %d: %llu hits (rate %.2e of the M(M-1)/2 pairs), %d units\n", M, gref,
               gref / ((double)M * (M - 1) / 2), starts[n_panels]);
        for (int G : {per_sm * prop.multiProcessorCount, 2 * per_sm * prop.multiProcessorCount,
                      4 * per_sm * prop.multiProcessorCount}) {
            CK(cudaMemset(dcount, 0, 8));
            gram_kernel<<<G, 128>>>(dX, dlim, dhx, M, dstarts, n_panels, o);
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(&got, dcount, 8, cudaMemcpyDeviceToHost));
            hrec.resize(std::min<long long>(got, cap));
            CK(cudaMemcpy(hrec.data(), drec, sizeof(int4) * hrec.size(), cudaMemcpyDeviceToHost));
            unsigned long long key = 0;
            for (auto &r : hrec) key += ((unsigned long long)r.x * M + r.y) * 31ull + (unsigned)r.z;
            bool same = got == gref && key == kref;
            auto gram = [&]() { gram_kernel<<<G, 128>>>(dX, dlim, dhx, M, dstarts, n_panels, o); };
            float ms = mean_ms([&]() { CK(cudaMemsetAsync(dcount, 0, 8)); gram(); }, 50);
            float ms2 = mean_ms(gram, 50);
            printf("gram blocks %d: %.4f ms without the memset (the count runs on past capacity)\n", G, ms2);
            double t = ms * 1e-3, pairs = (double)M * (M - 1) / 2;
            printf("gram blocks %d: %.4f ms (with a memset per call), %.2f Tpairs/s useful, %.0f TOPS useful; %llu "
                   "records %s\n", G, t * 1e3, pairs / t / 1e12, 2 * K * pairs / t / 1e12, got,
                   same ? "(= the reference's count and (i, j, dot) sum)" : "(DIFFER from the reference)");
        }
    }
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, fused_kernel));
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fused_kernel, 128, 0));
    printf("fused kernel: %d registers, %d blocks per SM, %zu bytes of static shared memory\n", fa.numRegs, per_sm,
           fa.sharedSizeBytes);
    return 0;
}
