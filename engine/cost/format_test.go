package cost

import "testing"

func TestFormatCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {32768, "32,768"},
		{123456, "123,456"}, {1234567, "1,234,567"}, {-5, "-5"}, {-32768, "-32,768"}, {-123456, "-123,456"},
	} {
		if got := FormatCount(tc.n); got != tc.want {
			t.Errorf("FormatCount(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
