"""A GPU lattice sieve on the fused INT8 filters (needs fpylll for reduction and GSO)."""

from .instance import format_basis, gaussian_heuristic, parse_basis, svp_challenge_basis
from .siever import Siever, dims_for_free
from .solve import SVPResult, reduce_basis, solve_svp

__all__ = ["solve_svp", "SVPResult", "Siever", "reduce_basis", "svp_challenge_basis", "parse_basis",
           "format_basis", "gaussian_heuristic", "dims_for_free"]
