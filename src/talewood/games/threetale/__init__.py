"""ThreeTale: the cooperative game of three heroes through Past, Present and Future."""
