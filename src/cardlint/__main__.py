from cardlint.cli import main

raise SystemExit(main())
