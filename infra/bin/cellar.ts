import { App } from 'aws-cdk-lib';
import { addCellarStacks } from '../lib/cellar-app';

addCellarStacks(new App());
